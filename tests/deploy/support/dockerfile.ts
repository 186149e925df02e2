// A small Dockerfile reader: enough of the format to check what an image will contain, since
// no Docker engine runs here to build one.

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string | undefined;
  /** The FROM argument: an image or an earlier stage's name. */
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM. */
  globalArgs: Instruction[];
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    pending = pending
      ? { ...pending, text: `${pending.text} ${part}` }
      : { text: part, line: index + 1 };
    if (continued) return;
    const match = /^(\S+)\s*(.*)$/.exec(pending.text);
    if (match) {
      instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: pending.line });
    }
    pending = undefined;
  });

  const globalArgs: Instruction[] = [];
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = instruction.args.split(/\s+/);
      stages.push({
        from,
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') globalArgs.push(instruction);
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export interface CopyInstruction {
  from: string | undefined;
  sources: string[];
  destination: string;
}

/** COPY/ADD in either form, flags apart. */
export function parseCopy(args: string): CopyInstruction {
  const words = args.trim().startsWith('[')
    ? (JSON.parse(args.slice(args.indexOf('['))) as string[])
    : args.split(/\s+/);
  let from: string | undefined;
  const rest: string[] = [];
  for (const word of words) {
    if (word.startsWith('--from=')) from = word.slice('--from='.length);
    else if (!word.startsWith('--')) rest.push(word);
  }
  return { from, sources: rest.slice(0, -1), destination: rest.at(-1) ?? '' };
}

/** `${VAR}`, `${VAR:-default}` and `$VAR`, as the builder expands them. */
export function expand(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g,
    (_, braced?: string, fallback?: string, bare?: string) => {
      const name = (braced ?? bare)!;
      const current = vars[name];
      return current === undefined || current === '' ? (fallback ?? '') : current;
    },
  );
}

/** KEY=value pairs of ENV/ARG (the legacy `ENV KEY value` form too). */
export function parseAssignments(args: string): Array<[string, string | undefined]> {
  const legacy = /^(\w+)\s+([^=]*)$/.exec(args.trim());
  if (legacy) return [[legacy[1]!, legacy[2]!]];
  return [...args.matchAll(/(\w+)(?:=("[^"]*"|\S*))?/g)].map(([, key, value]) => [
    key!,
    value === undefined ? undefined : value.replace(/^"|"$/g, ''),
  ]);
}

export interface ResolvedInstruction extends Instruction {
  stage: string;
  /** Arguments with build args and ENV values expanded, as the builder sees them. */
  expanded: string;
}

/** What building `target` with `buildArgs` does, stage by stage, parents first. */
export interface Build {
  /** The stage chain of the image itself (base first). */
  chain: Stage[];
  /** Every instruction of the chain, expanded. */
  instructions: ResolvedInstruction[];
  /** Expanded instructions of another stage (a COPY --from source). */
  stage(name: string): ResolvedInstruction[];
  /** The image the chain starts from. */
  baseImage: string;
  env: Record<string, string>;
}

export function resolveBuild(
  dockerfile: Dockerfile,
  target: string | undefined,
  buildArgs: Record<string, string>,
): Build {
  const globals: Record<string, string> = {};
  for (const instruction of dockerfile.globalArgs) {
    for (const [key, value] of parseAssignments(instruction.args)) {
      globals[key] = buildArgs[key] ?? value ?? '';
    }
  }
  const byName = (name: string) => dockerfile.stages.find((s) => s.name === name);

  const chainOf = (stage: Stage): Stage[] => {
    const parent = byName(stage.from);
    return parent ? [...chainOf(parent), stage] : [stage];
  };

  const run = (chain: Stage[]) => {
    const env: Record<string, string> = {};
    const instructions: ResolvedInstruction[] = [];
    for (const stage of chain) {
      // ARGs are scoped to their stage; ENV is inherited by the stages built on it.
      const args: Record<string, string> = {};
      for (const instruction of stage.instructions) {
        const vars = { ...args, ...env };
        if (instruction.keyword === 'ARG') {
          for (const [key, value] of parseAssignments(instruction.args)) {
            args[key] =
              buildArgs[key] ?? (value !== undefined ? expand(value, vars) : (globals[key] ?? ''));
          }
        }
        if (instruction.keyword === 'ENV') {
          for (const [key, value] of parseAssignments(instruction.args)) {
            env[key] = expand(value ?? '', vars);
          }
        }
        instructions.push({
          ...instruction,
          stage: stage.name ?? '',
          expanded: expand(instruction.args, { ...args, ...env }),
        });
      }
    }
    return { env, instructions };
  };

  const last = target ? byName(target) : dockerfile.stages.at(-1);
  if (!last) throw new Error(`no stage named ${target}`);
  const chain = chainOf(last);
  const { env, instructions } = run(chain);
  return {
    chain,
    instructions,
    env,
    baseImage: expand(chain[0]!.from, globals),
    stage(name) {
      const stage = byName(name);
      if (!stage) throw new Error(`no stage named ${name}`);
      return run(chainOf(stage)).instructions;
    },
  };
}
