// Replays the taps the inline capture script (src/shared/first-tap-script.ts, decision 213) queued before the app
// was live, in order, once it is: a click is clicked again, a select or a text field gets the value chosen or typed
// and its input and change events, a form is submitted through the app. Each waits for the app to render the one
// before (the size buttons of a colour exist only once the colour is chosen). A control hydration replaced is found
// again by its place under #root. A toggle (aria-pressed) is clicked only when it is not already in the state the
// tap asked for.
import { FIRST_TAP_QUEUE, FIRST_TAP_REPLAYING } from '#shared/first-tap-script';

interface QueuedTap {
  k: 'click' | 'change' | 'submit';
  el: Element;
  /** Child indexes from #root down to the control. */
  p: number[];
  v?: string;
  /** A toggle's aria-pressed when tapped: the tap asked for the other state. */
  s?: string | null;
}

type TapWindow = Window & { [FIRST_TAP_QUEUE]?: QueuedTap[]; [FIRST_TAP_REPLAYING]?: boolean };

function find(tap: QueuedTap): Element | null {
  if (tap.el.isConnected) return tap.el;
  let el: Element | null = document.getElementById('root');
  for (const i of tap.p) el = el?.children[i] ?? null;
  return el && el.tagName === tap.el.tagName ? el : null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function replayOne(tap: QueuedTap): void {
  const el = find(tap);
  tap.el.removeAttribute('data-tap-pending');
  tap.el.removeAttribute('aria-busy');
  if (!el) return;
  el.removeAttribute('data-tap-pending');
  el.removeAttribute('aria-busy');
  if (tap.k === 'click' && el instanceof HTMLElement) {
    // A toggle the app has already put in the state the tap asked for (a single size chosen for the shopper) stays.
    const asked = tap.s === 'true' ? 'false' : tap.s === 'false' ? 'true' : null;
    if (asked === null || el.getAttribute('aria-pressed') !== asked) el.click();
  } else if (tap.k === 'change' && tap.v !== undefined) {
    // A select's choice or a text field's value, set through its prototype's setter (React tracks the value it
    // last saw through the element's own), then its input and change events.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, tap.v);
    for (const type of ['input', 'change']) el.dispatchEvent(new Event(type, { bubbles: true }));
  } else if (tap.k === 'submit' && el instanceof HTMLFormElement) el.requestSubmit();
}

/**
 * Replays the queue, taps made while it replays included, then marks the page live (`data-hydrated`): from then on
 * the capture script lets every tap through. Call once the app has hydrated (app.tsx).
 */
export async function replayFirstTaps(): Promise<number> {
  const w = window as TapWindow;
  const queue = w[FIRST_TAP_QUEUE] ?? [];
  let replayed = 0;
  while (queue.length > 0) {
    await nextTask();
    const tap = queue.shift()!;
    w[FIRST_TAP_REPLAYING] = true;
    try {
      replayOne(tap);
    } finally {
      w[FIRST_TAP_REPLAYING] = false;
    }
    replayed += 1;
  }
  document.documentElement.dataset.hydrated = 'true';
  document.documentElement.removeAttribute('data-taps-waiting');
  return replayed;
}
