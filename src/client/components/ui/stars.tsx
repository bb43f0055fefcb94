// Stars out of five (decision 234): a filled row clipped to the rating over an empty one, named for screen readers.
interface StarsProps {
  rating: number;
  /** What a screen reader hears ("4,5 nga 5 yje, 12 vlerësime"). */
  label: string;
  size?: 'sm' | 'md';
}

export function Stars({ rating, label, size = 'md' }: StarsProps) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label}>
      <span className="stars__fill" style={{ width: `${pct}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
