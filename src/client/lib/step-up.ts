// Step-up on the client (decision 237): a change that keeps the account (a passkey, two-step sign-in, recovery codes,
// the password or e-mail, staff accounts) may answer 403 with `details.reason` STEP_UP_REQUIRED when this login has
// not proved its owner lately. The one helper every such mutation goes through asks for the password or a code in
// place (the StepUpDialog mounted on the screen answers the question) and tries the call once more.
import { readError } from './api-error';
import { trpcClient } from './trpc';

export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

/** Whether an error (tRPC or REST) is the server asking for a fresh proof. */
export function isStepUpRequired(err: unknown): boolean {
  const e = readError(err, '');
  return e.status === 403 && e.details?.reason === STEP_UP_REQUIRED;
}

/** Asks the person for their password or a code; true once the server took it, false when they gave up. */
type Asker = () => Promise<boolean>;
let asker: Asker | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog registers itself while mounted; returns the unregister function. */
export function onStepUpAsked(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** One question at a time: calls refused together share the answer. */
function askOnce(ask: Asker): Promise<boolean> {
  asking ??= ask().finally(() => (asking = null));
  return asking;
}

/**
 * Runs an account-keeping call; refused for want of a fresh proof, asks for it and runs it once more. Without a
 * dialog on the screen, or when the person cancels, the refusal stands (its message says what is missing).
 */
export async function withStepUp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isStepUpRequired(err) || !asker || !(await askOnce(asker))) throw err;
    return run();
  }
}

/**
 * The step-up answered with one of the account's passkeys (the browser's prompt): @simplewebauthn/browser is loaded
 * only when asked. Throws what the browser or the server refused (read with readError or the error's name).
 */
export async function proveWithPasskey(): Promise<void> {
  const webauthn = await import('@simplewebauthn/browser');
  const optionsJSON = await trpcClient.passkeys.stepUpOptions.mutate();
  const response = await webauthn.startAuthentication({ optionsJSON: optionsJSON as never });
  await trpcClient.passkeys.stepUp.mutate({ response });
}

/** Whether this browser can offer a passkey at all (the dialog shows the passkey button only then). */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** A mutation's options (`trpc.x.y.mutationOptions()`) whose calls go through withStepUp. */
export function stepUpMutation<O extends { mutationFn?: (...args: never[]) => Promise<unknown> }>(options: O): O {
  const run = options.mutationFn;
  if (!run) return options;
  return { ...options, mutationFn: (...args: never[]) => withStepUp(() => run(...args)) } as O;
}
