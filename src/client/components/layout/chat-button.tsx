// Floating button that opens the shop's Messenger chat in a new tab.
import { messages } from '#shared/messages';
import { ChatIcon } from './icons';
import { SHOP_LINKS } from './shop-info';

export function ChatButton() {
  return (
    <a
      className="chat-button"
      href={SHOP_LINKS.messenger}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${messages.nav.chat} ${messages.footer.newTab}`}
    >
      <ChatIcon />
    </a>
  );
}
