// Lighthouse's simulated throttling multiplies the CPU time it observed on this host by
// cpuSlowdownMultiplier (default 4, meant for a fast desktop host). Lighthouse's docs
// (docs/throttling.md, "Calibrating the CPU slowdown") point to the Lighthouse CPU slowdown
// calculator for a host whose benchmarkIndex is lower; this is that calculator's formula,
// unchanged: piecewise linear between 150 → 1×, 800 → 2×, 1300 → 3×, then 233 points per 1×.

/** The calculator's multiplier for a benchmarkIndex, or null below 150, where it gives none. */
export function calibratedCpuMultiplier(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
