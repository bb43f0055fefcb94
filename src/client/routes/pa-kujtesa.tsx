// /pa-kujtesa?token=…: the reminder's one-click unsubscribe, without signing in (decision 275).
import { createFileRoute } from '@tanstack/react-router';
import { CartRemindersUnsubscribePage } from '../features/cart-reminders/cart-reminder-pages';

export const Route = createFileRoute('/pa-kujtesa')({ component: CartRemindersUnsubscribePage });
