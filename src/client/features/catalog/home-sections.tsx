// The calmer home sections: the "KËSHILLË STILI" style tip and the decorative promises band.
import { Link } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { staticUrl } from '#client/lib/static-url';

export function StyleTip() {
  return (
    <section className="style-tip container" aria-labelledby="style-tip-heading">
      <div className="style-tip__art">
        <img src={staticUrl('/images/home/style-tip.webp')} alt="" width={640} height={720} loading="lazy" />
      </div>
      <div className="style-tip__text">
        <p className="eyebrow">{messages.home.styleTip}</p>
        <h2 id="style-tip-heading" className="section-title">
          {messages.home.styleTipTitle}
        </h2>
        <p>{messages.home.styleTipText}</p>
        <Link to="/products" className="button">
          {messages.home.styleTipCta}
        </Link>
      </div>
    </section>
  );
}

const PROMISE_ICONS = [
  <path key="truck" d="M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a1.6 1.6 0 1 0 0-.1M17 19a1.6 1.6 0 1 0 0-.1" />,
  <path key="cash" d="M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5M6 10v4M18 10v4" />,
  <path key="return" d="M4 9h11a5 5 0 0 1 0 10H9M4 9l4-4M4 9l4 4" />,
];

export function PromisesBand() {
  return (
    <section className="promises" aria-label={messages.footer.about}>
      <div className="container promises__grid">
        {messages.home.promises.map((p, i) => (
          <div className="promise" key={p.title}>
            <svg
              width="34"
              height="34"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              {PROMISE_ICONS[i]}
            </svg>
            <h2 className="promise__title">{p.title}</h2>
            <p>{p.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
