// Gift cards as the shopper meets them (decision 274): the checkout's code field, its errors, the confirmation and
// order lines, the card's e-mail and its printed page. Own module of the shopper catalogue (decision 214), imported by
// the checkout's lazy field, the order pages, the e-mail template and the printed card. Interpolate with fill().

export const giftCardMessages = {
  // Checkout.
  field: 'Kartë dhuratë',
  fieldHint: 'Kodi në kartë, p.sh. ABCD-EFGH-JKMN-PQRS-TUVW',
  apply: 'Përdor kartën', // not "Apliko": the promo code's button keeps that name alone
  remove: 'Hiq kartën',
  checking: 'Duke kontrolluar…',
  balance: 'Karta ****{last4}: {amount} në dispozicion',
  expiresOn: 'Skadon më {date}',
  willPay: 'Karta paguan: −{amount}',
  codeRequired: 'Shkruani kodin e kartës dhuratë.',
  codeInvalid: 'Ky kod karte dhuratë nuk është i vlefshëm.',
  codeExpired: 'Kjo kartë dhuratë ka skaduar.',
  codeEmpty: 'Kjo kartë dhuratë nuk ka më vlerë.',
  tooManyChecks: 'Shumë kontrolle kodesh. Provoni përsëri pas pak.',
  // Confirmation, order pages, slips and e-mails.
  used: 'Kartë dhuratë',
  usedLine: 'Kartë dhuratë: −{amount}',
  // The card's e-mail and printed page.
  mailSubject: 'Një kartë dhuratë për ju nga Butiku · {amount}',
  mailIntro: 'Përshëndetje {name}, keni një kartë dhuratë prej {amount} në Butiku.',
  mailIntroNoName: 'Keni një kartë dhuratë prej {amount} në Butiku.',
  mailMessage: 'Mesazhi: {message}',
  mailCode: 'Kodi i kartës: {code}',
  mailHow:
    'Shkruajeni kodin te “Kartë dhuratë” kur bëni porosinë. Ruajeni si para: kushdo që e ka kodin mund ta përdorë.',
  mailExpires: 'Vlen deri më {date}.',
  mailNoExpiry: 'Nuk skadon.',
  mailShop: 'Bëni blerjet: {url}',
  printTitle: 'Kartë dhuratë',
  printFor: 'Për: {name}',
  printValue: 'Vlera',
  printCode: 'Kodi',
} as const;
