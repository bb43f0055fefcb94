// The page the e-mail change link opens (decision 259): one tap of "Konfirmo adresën" (a POST), so a mail scanner that
// opens the link changes nothing; the signed token is the only proof (no sign-in needed). A bad, used or expired
// link, or an address that got an account meanwhile, is told so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { accountMessages } from '#shared/messages/account';
import { parseResetSearch } from '#shared/page-search';
import { readError } from '#client/lib/api-error';
import { trpc } from '#client/lib/trpc';
import { TextWithAddress } from './text-with-address';
import './accounts.css';

const t = accountMessages.emailChange;

export function EmailChangeConfirm() {
  const token = parseResetSearch(useSearch({ strict: false })).token ?? '';
  const qc = useQueryClient();
  const action = useMutation({
    ...trpc.accounts.confirmEmailChange.mutationOptions(),
    // This browser's profile, if it is signed in here, shows the new e-mail.
    onSuccess: () => qc.invalidateQueries({ queryKey: trpc.accounts.profile.queryKey() }),
  });
  const problem = !token ? t.badLink : action.error ? readError(action.error, t.badLink).message : null;
  return (
    <div className="acc-page acc-page--narrow">
      <section className="acc-form acc-reset" aria-labelledby="email-confirm-title" data-testid="email-confirm">
        <h1 id="email-confirm-title" className="acc-form__title">
          {t.title}
        </h1>
        {action.isSuccess ? (
          <>
            <p role="status" data-testid="email-confirmed">
              <TextWithAddress template={t.done} email={action.data.email} />
            </p>
            <Link to="/profile" className="button button--block">
              {t.toProfile}
            </Link>
          </>
        ) : (
          <>
            <p className="acc-form__intro">{t.intro}</p>
            {problem && (
              <p role="alert" className="acc-reset__problem">
                {problem}
              </p>
            )}
            <button
              type="button"
              className="button button--block"
              disabled={!token || action.isPending}
              aria-busy={action.isPending || undefined}
              onClick={() => action.mutate({ token })}
              data-testid="email-confirm-button"
            >
              {t.confirm}
            </button>
          </>
        )}
        <Link to="/" className="acc__link">
          {t.toShop}
        </Link>
      </section>
    </div>
  );
}
