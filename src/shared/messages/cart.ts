// The cart page's texts (shopper, Albanian). Own module of the shopper catalogue (src/shared/messages.ts), imported
// by the cart, the checkout and the server, so a catalogue page's first load does not carry it (decision 214).
// Interpolate with fill(), count with plural().

import { pageHeadMessages } from './page-heads';

export const cartMessages = {
  cart: {
    freeShippingMissing: 'Edhe {amount} për transport falas',
    freeShipping: 'Transport falas',
    title: pageHeadMessages.cart.title,
    empty: 'Shporta juaj është bosh.',
    product: 'Produkti',
    price: 'Çmimi',
    quantity: 'Sasia',
    lineTotal: 'Totali',
    subtotal: 'Nëntotali',
    shipping: 'Transporti',
    discount: 'Zbritja',
    total: 'Totali',
    remove: 'Largo',
    increase: 'Rrit sasinë',
    decrease: 'Zvogëlo sasinë',
    checkout: 'Vazhdo me porosinë',
    onlyNAvailable: {
      one: 'Na vjen keq, vetëm {n} njësi është në dispozicion.',
      other: 'Na vjen keq, vetëm {n} njësi janë në dispozicion.',
    },
    /** Beside a disabled "+": the line already holds all the stock. */
    onlyInStock: { one: 'Vetëm {n} artikull në stok', other: 'Vetëm {n} artikuj në stok' },
    soldOutLine: 'U shit: ky produkt nuk është më në stok dhe nuk llogaritet në totale.',
    blockedSoldOut: 'Hiqni nga shporta produktet që janë shitur ose nuk ekzistojnë më për të vazhduar me porosinë.',
    blockedQuantity: 'Ulni sasinë e produkteve që kanë më pak njësi në stok për të vazhduar me porosinë.',
    removeUnavailable: 'Hiqi produktet e shitura',
    continueShopping: 'Vazhdo blerjen',
    shippingAtCheckout: 'Transporti llogaritet sipas shtetit në hapin e porosisë.',
    cashOnDelivery: 'Pagesa në dorëzim',
    unknownVariant: 'Produkti nuk ekziston më.',
    summary: 'Përmbledhja e porosisë',
  },
} as const;
