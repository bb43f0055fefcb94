// /rikthe-shporten?token=…: a forgotten-cart reminder's link restores the cart's items in this browser (decision 275).
import { createFileRoute } from '@tanstack/react-router';
import { CartRestorePage } from '../features/cart-reminders/cart-reminder-pages';

export const Route = createFileRoute('/rikthe-shporten')({ component: CartRestorePage });
