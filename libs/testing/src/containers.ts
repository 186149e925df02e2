// Last resort when no local server answers: a throwaway container, if a Docker engine is there.
// Imported lazily so the (large) testcontainers module costs nothing on machines with servers.

export async function startContainer(
  image: string,
  port: number,
  options: {
    env?: Record<string, string>;
    command?: string[];
    readyLog: RegExp;
    readyTimes?: number;
  },
): Promise<{ host: string; port: number }> {
  const { GenericContainer, Wait } = await import('testcontainers').catch((err: unknown) => {
    throw new Error('testcontainers is not installed', { cause: err });
  });
  let container = new GenericContainer(image)
    .withExposedPorts(port)
    .withEnvironment(options.env ?? {})
    .withWaitStrategy(Wait.forLogMessage(options.readyLog, options.readyTimes ?? 1));
  if (options.command) container = container.withCommand(options.command);
  const started = await container.start();
  return { host: started.getHost(), port: started.getMappedPort(port) };
}
