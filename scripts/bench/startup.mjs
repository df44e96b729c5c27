// Emulator start-up time: median of N in-process `startEmulator` + `stop` cycles per option set.

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Returns {startMs, cycleMs, minStartMs, maxStartMs} (medians over `runs` cycles; one unmeasured warm-up first). */
export async function measureStartup(startEmulator, options, runs = 5) {
  const cycle = async () => {
    const t0 = performance.now();
    const em = await startEmulator({ ...options, port: 0, host: "127.0.0.1", quiet: true });
    const t1 = performance.now();
    await em.stop();
    const t2 = performance.now();
    return { start: t1 - t0, cycle: t2 - t0 };
  };
  await cycle(); // warm-up: module-level lazy initialisation and JIT, not part of a start-up.
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await cycle());
  const starts = samples.map((s) => s.start);
  return {
    startMs: median(starts),
    cycleMs: median(samples.map((s) => s.cycle)),
    minStartMs: Math.min(...starts),
    maxStartMs: Math.max(...starts),
  };
}
