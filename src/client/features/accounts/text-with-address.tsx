// A text with an e-mail address in it ("… te {email}. …"): the address stays on one line where the line has room for
// it (a browser would otherwise break it at its hyphen, "drita.e-" / "re@…"), and breaks anywhere only when it cannot.
import { fill } from '#shared/messages';

export function TextWithAddress({
  template,
  email,
  values = {},
}: {
  template: string;
  email: string;
  values?: Record<string, string | number>;
}) {
  const [before, after = ''] = fill(template, values).split('{email}');
  return (
    <>
      {before}
      <span className="acc-address">{email}</span>
      {after}
    </>
  );
}
