// Back in stock (issue 26, decisions 233 and 239): the product page's offer for a sold-out size or colour, its form,
// the confirmation e-mail and page (double opt-in), the e-mail a waiting shopper gets when the variant returns, and the
// unsubscribe page. Own module of the shopper
// catalogue (decision 214): the product page imports it for the offer; the form's chunk and the server the rest.
// Interpolate with fill().

import { pageHeadMessages } from './page-heads';

export const backInStockMessages = {
  backInStock: {
    soldOutChoice: 'Kjo zgjedhje është e shitur për momentin.',
    notifyMe: 'Më njofto kur të kthehet',
    formTitle: 'Ju shkruajmë me e-mail sapo kjo zgjedhje ({variant}) të kthehet në stok.',
    email: 'E-mail',
    emailRequired: 'Shkruani adresën e e-mailit.',
    invalidEmail: 'Adresa e e-mailit nuk është e vlefshme.',
    submit: 'Më njofto',
    submitting: 'Duke ruajtur…',
    // The same answer whether or not the address already waits or was confirmed before (decision 239).
    done: 'Faleminderit! Nëse {email} nuk është konfirmuar më parë, ju dërguam një e-mail me një lidhje konfirmimi: njoftimin e marrin vetëm adresat e konfirmuara.',
    failed: 'Kërkesa nuk u ruajt. Provoni përsëri.',
    inStock: 'Kjo zgjedhje është sërish në stok: mund ta shtoni në shportë.',
    unknownVariant: 'Kjo zgjedhje nuk ekziston më.',
    tooMany: 'Shumë kërkesa për këtë adresë. Provoni përsëri më vonë.',
    loading: 'Duke hapur…',
    mailSubject: 'U kthye në stok: {product}',
    mailIntro: 'Lajm i mirë! {product} ({variant}) është sërish në stok.',
    mailNote: 'Sasia është e kufizuar: kush porosit i pari e merr. Ky është i vetmi njoftim për këtë kërkesë.',
    mailAction: 'Shiko produktin',
    mailActionPlain: 'Shiko produktin: {url}',
    mailUnsubscribe: 'Nuk doni më njoftime për rikthim në stok? Çregjistrohuni këtu: {url}',
    mailUnsubscribeLink: 'Çregjistrohu nga njoftimet',
    unsubscribeTitle: pageHeadMessages.backInStockUnsubscribe.title,
    unsubscribeIntro: 'Nuk do të merrni më e-mail kur kthehen në stok produktet që keni kërkuar me këtë adresë.',
    unsubscribeButton: 'Çregjistrohu',
    unsubscribed: 'U çregjistruat. Nuk do t’ju dërgojmë më njoftime për rikthim në stok.',
    badLink: 'Kjo lidhje nuk është e vlefshme. Hapeni lidhjen nga e-maili ashtu siç është.',
    backToShop: 'Kthehu te dyqani',
    confirmMailSubject: 'Konfirmoni njoftimin për {product}',
    confirmMailIntro:
      'Dikush, ndoshta ju, kërkoi që kjo adresë të njoftohet kur {product} ({variant}) të kthehet në stok.',
    confirmMailNote:
      'Konfirmoni adresën që ta merrni njoftimin. Lidhja vlen {hours} orë dhe konfirmon të gjitha kërkesat e kësaj adrese që presin konfirmim.',
    confirmMailIgnore: 'Nëse nuk e keni kërkuar ju, mos bëni asgjë: pa konfirmim nuk do t’ju shkruajmë.',
    confirmMailAction: 'Konfirmo njoftimin',
    confirmMailActionPlain: 'Konfirmo njoftimin: {url}',
    confirmTitle: pageHeadMessages.backInStockConfirm.title,
    confirmIntro:
      'Konfirmoni që kjo adresë të marrë një e-mail kur të kthehen në stok produktet që keni kërkuar. Mund të çregjistroheni kurdo nga lidhja në e-mail.',
    confirmButton: 'Konfirmo',
    confirmed: 'Adresa u konfirmua. Do t’ju shkruajmë sapo produkti të kthehet në stok.',
    expiredLink: 'Kjo lidhje ka skaduar. Kërkoni përsëri njoftimin nga faqja e produktit.',
  },
} as const;
