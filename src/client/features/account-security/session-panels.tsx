// The profile's "Seancat aktive" and "Hyrjet e fundit" (issue 28, decision 227): the devices signed in to the account,
// each of the others with "Përfundo" (asked on the row), "Përfundo seancat e tjera", and the last 10 sign-ins.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatShopDateTime } from '#shared/dates';
import type { SessionDto, SignInDto } from '#shared/dto/accounts';
import { messages, plural } from '#shared/messages';
import { accountMessages } from '#shared/messages/account';
import { notify } from '#client/lib/notify';
import { trpc } from '#client/lib/trpc';
import './sessions.css';

const t = accountMessages.sessions;

/** The question asked on the spot before ending sessions, the focus on keeping them. */
function EndQuestion(props: {
  question: string;
  keep: string;
  end: string;
  busy: boolean;
  onKeep: () => void;
  onEnd: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="sessions__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{props.question}</p>
      <button type="button" className="button button--ghost" onClick={props.onKeep} ref={keepRef}>
        {props.keep}
      </button>
      <button type="button" className="button" onClick={props.onEnd} disabled={props.busy}>
        {props.end}
      </button>
    </div>
  );
}

function useEnded() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.accounts.mySessions.queryKey() });
}

function SessionRow({ session: s }: { session: SessionDto }) {
  const [asking, setAsking] = useState(false);
  const end = useMutation(trpc.accounts.endSession.mutationOptions());
  const refresh = useEnded();
  const onEnd = () =>
    end.mutate(
      { id: s.id },
      {
        onSuccess: async () => {
          notify.success(t.ended, { topic: 'sessions' });
          await refresh();
        },
        onError: async () => {
          notify.error(t.endFailed, { topic: 'sessions' });
          setAsking(false);
          await refresh();
        },
      },
    );
  return (
    <li className="sessions__row" data-testid="session">
      <div className="sessions__main">
        <strong className="sessions__device">{s.device}</strong>
        {s.current && <span className="sessions__badge">{t.current}</span>}
        <span className="sessions__meta">
          <span>
            {t.address}: {s.address ?? t.unknownAddress}
          </span>
          <span>
            {t.signedIn}: {formatShopDateTime(s.signedInAt)}
          </span>
          <span>
            {t.lastSeen}: {formatShopDateTime(s.lastSeenAt)}
          </span>
        </span>
      </div>
      {!s.current && !asking && (
        <button type="button" className="button button--ghost sessions__end" onClick={() => setAsking(true)}>
          {t.end}
        </button>
      )}
      {asking && (
        <EndQuestion
          question={t.confirmEnd}
          keep={t.keep}
          end={t.end}
          busy={end.isPending}
          onKeep={() => setAsking(false)}
          onEnd={onEnd}
        />
      )}
    </li>
  );
}

function EndOthers() {
  const [asking, setAsking] = useState(false);
  const endOthers = useMutation(trpc.accounts.endOtherSessions.mutationOptions());
  const refresh = useEnded();
  const onEnd = () =>
    endOthers.mutate(undefined, {
      onSuccess: async (out) => {
        notify.success(plural(t.endedOthers, out.ended), { topic: 'sessions' });
        setAsking(false);
        await refresh();
      },
      onError: () => notify.error(t.endFailed, { topic: 'sessions' }),
    });
  if (asking)
    return (
      <EndQuestion
        question={t.confirmEndOthers}
        keep={t.keepAll}
        end={t.endOthers}
        busy={endOthers.isPending}
        onKeep={() => setAsking(false)}
        onEnd={onEnd}
      />
    );
  return (
    <div className="sessions__actions">
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        {t.endOthers}
      </button>
    </div>
  );
}

function SessionsSection() {
  const sessions = useQuery(trpc.accounts.mySessions.queryOptions());
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <section className="sessions" aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title" className="sessions__title">
        {t.title}
      </h2>
      <p className="profile__hint">{t.intro}</p>
      {sessions.isLoading ? (
        <div className="sessions__skeleton" aria-busy="true" aria-label={messages.common.loading} />
      ) : !sessions.data ? (
        <p role="alert">{t.loadFailed}</p>
      ) : (
        <>
          <ul className="sessions__list">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
          {others > 0 ? <EndOthers /> : <p className="sessions__none">{t.noOthers}</p>}
        </>
      )}
    </section>
  );
}

function SignInRow({ signIn: s }: { signIn: SignInDto }) {
  return (
    <li className="sessions__row" data-testid="sign-in">
      <div className="sessions__main">
        <strong className="sessions__device">{s.device}</strong>
        <span className={s.ok ? 'sessions__badge sessions__badge--ok' : 'sessions__badge sessions__badge--failed'}>
          {s.ok ? t.succeeded : t.failed}
        </span>
        <span className="sessions__meta">
          <span>{formatShopDateTime(s.at)}</span>
          <span>
            {t.address}: {s.address ?? t.unknownAddress}
          </span>
          <span>{t.method[s.method]}</span>
        </span>
      </div>
    </li>
  );
}

function SignInsSection() {
  const signIns = useQuery(trpc.accounts.mySignIns.queryOptions());
  return (
    <section className="sessions" aria-labelledby="sign-ins-title" data-testid="sign-ins">
      <h2 id="sign-ins-title" className="sessions__title">
        {t.signInsTitle}
      </h2>
      <p className="profile__hint">{t.signInsIntro}</p>
      {signIns.isLoading ? (
        <div className="sessions__skeleton" aria-busy="true" aria-label={messages.common.loading} />
      ) : !signIns.data ? (
        <p role="alert">{t.loadFailed}</p>
      ) : signIns.data.length === 0 ? (
        <p className="sessions__none">{t.signInsEmpty}</p>
      ) : (
        <ul className="sessions__list">
          {signIns.data.map((s) => (
            <SignInRow key={s.id} signIn={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Both sections, for /profile. */
export function SessionPanels() {
  return (
    <>
      <SessionsSection />
      <SignInsSection />
    </>
  );
}
