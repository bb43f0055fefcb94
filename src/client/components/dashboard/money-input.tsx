// A euro amount typed the way the shop writes it ("59,90" or "59.90", decision 216): a text field with the decimal
// keyboard, never <input type="number">, whose reading of "59,90" depends on the browser and its language (it
// turned "59,90" into 5990). The shared money schema (parseEuros) reads the text, in the browser and on the server.
import type { InputHTMLAttributes } from 'react';

export function MoneyInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>) {
  return <input autoComplete="off" spellCheck={false} placeholder="0,00" {...props} type="text" inputMode="decimal" />;
}
