// The wishlist page's texts (shopper, Albanian); the heart and the login prompt on product cards stay in
// messages.wishlist. Own module of the shopper catalogue, imported only by the wishlist page and the server, so a
// catalogue page's first load does not carry it (decision 214). Interpolate with fill().

import { pageHeadMessages } from './page-heads';

export const wishlistMessages = {
  wishlistPage: {
    title: pageHeadMessages.wishlist.title,
    empty: 'Lista e dëshirave është bosh.',
    removeFailed: 'Dështoi largimi nga lista e dëshirave.',
    confirmRemove: 'A jeni të sigurt që doni ta largoni këtë produkt nga lista e dëshirave?',
    removeButton: 'Largo',
    confirmTitle: 'Largo produktin',
    browse: 'Shiko produktet',
    count: { one: '{n} produkt', other: '{n} produkte' },
    soldOut: 'SHITUR',
    notOwner: 'Mund të shihni dhe ndryshoni vetëm listën tuaj të dëshirave.',
    addToCart: 'Shto në shportë',
    chooseOptions: 'Zgjidhni ngjyrën dhe madhësinë, pastaj shtojeni në shportë.',
    soldOutNow: 'Ky produkt sapo është shitur.',
  },
} as const;
