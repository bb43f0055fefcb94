// How long the event loop was held, measured so that a busy machine does not count (tests with a 100 ms bound).

/**
 * The longest time the event loop was held, from a 5 ms heartbeat: each gap between beats counts as the smaller of
 * its wall time and the CPU time the process used in it, so waiting for a core on a busy machine is not counted as
 * holding the loop (CI runs four processes on two cores). Call the result to stop and read it.
 */
export function loopHolds(): () => number {
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let longest = 0;
  const beat = () => {
    const nowWall = performance.now();
    const nowCpu = process.cpuUsage();
    const usedMs = (nowCpu.user - cpu.user + nowCpu.system - cpu.system) / 1000;
    longest = Math.max(longest, Math.min(nowWall - wall, usedMs));
    wall = nowWall;
    cpu = nowCpu;
  };
  const timer = setInterval(beat, 5);
  return () => {
    clearInterval(timer);
    beat();
    return longest;
  };
}
