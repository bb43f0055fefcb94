// Gives the browser the main thread between two pieces of start-up work (decision 214): input and paint run in
// between. scheduler.yield() where the browser has it (the continuation runs before other queued tasks), a new
// task otherwise.
type SchedulerWithYield = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
