// Sets document.title on client-side navigation (the server already puts the right title in the first HTML).
import { useEffect } from 'react';

export const SITE_SUFFIX = ' | Butiku';

export function useDocumentTitle(title: string | null | undefined, options: { suffix?: boolean } = {}): void {
  const suffix = options.suffix ?? true;
  useEffect(() => {
    if (title) document.title = suffix ? `${title}${SITE_SUFFIX}` : title;
  }, [title, suffix]);
}
