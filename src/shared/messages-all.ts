// Every module of the shopper catalogue by name (and the e-mails' texts, which shoppers read in their inbox), for the tests that walk all texts (language, plurals): the storefront
// core (messages.ts) and the areas' own modules under messages/ (decision 214). Not for pages: a page imports the
// module it shows, so a catalogue page's first load does not carry the others.
import { messages } from './messages';
import { accountMessages } from './messages/account';
import { backInStockMessages } from './messages/back-in-stock';
import { cartMessages } from './messages/cart';
import { checkoutMessages } from './messages/checkout';
import { contactMessages } from './messages/contact';
import { giftCardMessages } from './messages/gift-cards';
import { orderMessages } from './messages/orders';
import { returnMessages } from './messages/returns';
import { reviewMessages } from './messages/reviews';
import { storeCreditMessages } from './messages/store-credit';
import { wishlistMessages } from './messages/wishlist';
import { lookMessages } from './messages/looks';
import { cartReminderMessages } from './messages/cart-reminders';
import { productFieldMessages } from './messages/product-fields';
import { emailMessages } from './messages/emails';
import { listingMessages } from './messages/listing';
import { productMessages } from './messages/product';
import { pageHeadMessages } from './messages/page-heads';
import { serverErrorMessages } from './messages/server-errors';

export const shopperCatalogues = {
  messages,
  listingMessages,
  productMessages,
  pageHeadMessages,
  serverErrorMessages,
  accountMessages,
  cartMessages,
  checkoutMessages,
  contactMessages,
  orderMessages,
  returnMessages,
  reviewMessages,
  wishlistMessages,
  backInStockMessages,
  storeCreditMessages,
  giftCardMessages,
  lookMessages,
  cartReminderMessages,
  productFieldMessages,
  emailMessages,
};
