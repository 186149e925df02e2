// What the investigation behind the memory settings found (measured by hand with the probes
// named in it); memory-report.ts appends it under the figures each run measures.
export const MEMORY_FINDINGS = `## Findings

(to be written)
`;
