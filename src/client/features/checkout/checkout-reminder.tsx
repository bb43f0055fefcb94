// The guest's consent box (decision 275), unticked by default: ticked with a valid e-mail, her cart is saved on the
// server for one reminder (a second after a day) if she leaves without ordering; unticked, it is forgotten.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { cartReminderMessages } from '#shared/messages/cart-reminders';
import type { CartItem } from '#client/lib/cart-store';
import { forgetGuestReminder, saveGuestReminder, savedReminder } from '#client/lib/guest-cart-reminder';

const t = cartReminderMessages.consent;
const isEmail = (v: string) => z.string().email().safeParse(v.trim()).success;

export function GuestReminderBox({ email, items }: { email: string; items: CartItem[] }) {
  const [checked, setChecked] = useState(() => savedReminder() !== null);
  const valid = isEmail(email);
  const lines = JSON.stringify(items.map((i) => [i.productVariantId, i.quantity]));
  useEffect(() => {
    if (!checked || !valid) return;
    const timer = setTimeout(() => void saveGuestReminder(email.trim(), items).catch(() => {}), 600);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines' content, not the array's identity
  }, [checked, valid, email, lines]);
  return (
    <div className="checkout-save checkout-reminder">
      <label className="checkout-save__label">
        <input
          type="checkbox"
          name="cartReminderConsent"
          checked={checked}
          onChange={(e) => {
            setChecked(e.target.checked);
            if (!e.target.checked) void forgetGuestReminder().catch(() => {});
          }}
          data-testid="checkout-reminder-consent"
        />
        {t.label}
      </label>
      <small className="totals__hint">{checked && !valid ? t.emailFirst : t.hint}</small>
    </div>
  );
}
