// "Kthimet dhe ndërrimet" (decision 235): the rules, how to ask and the return address. Server-rendered: the shop's
// configured window, address and instructions come with the page as returns.policy's first-view data.
// No zod, no schemas: this page is a plain read.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReturnPolicyDto } from '#shared/dto/returns';
import { fill, messages } from '#shared/messages';
import { returnMessages } from '#shared/messages/returns';
import { DEFAULT_RETURN_WINDOW_DAYS } from '#shared/returns';
import { trpc } from '#client/lib/trpc';

const p = returnMessages.policy;
const DEFAULTS: ReturnPolicyDto = {
  windowDays: DEFAULT_RETURN_WINDOW_DAYS,
  address: messages.shop.address,
  instructions: p.defaultInstructions,
};

export function ReturnPolicy() {
  const policy = useQuery({ ...trpc.returns.policy.queryOptions(), placeholderData: DEFAULTS }).data ?? DEFAULTS;
  const days = policy.windowDays;
  return (
    <article className="container policy" aria-labelledby="policy-title" data-testid="return-policy">
      <h1 id="policy-title" className="page-title">
        {p.title}
      </h1>
      <p>{fill(p.intro, { days })}</p>
      <h2>{p.rulesHeading}</h2>
      <ul>
        {p.rules.map((r) => (
          <li key={r}>{fill(r, { days })}</li>
        ))}
      </ul>
      <h2>{p.howHeading}</h2>
      <ol>
        {p.how.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ol>
      <h2>{p.addressHeading}</h2>
      <address>{policy.address}</address>
      <p>{policy.instructions}</p>
      <h2>{p.refundHeading}</h2>
      <p>{p.refund}</p>
      <p className="policy__note">{p.lawNote}</p>
      <p>
        <Link to="/profile" className="button button--ghost">
          {p.myOrders}
        </Link>
      </p>
    </article>
  );
}
