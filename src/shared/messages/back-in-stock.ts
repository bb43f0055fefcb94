// Back in stock (issue 26, decision 233): the product page's offer for a sold-out size or colour, its form, the
// e-mail a waiting shopper gets when the variant returns, and the unsubscribe page. Own module of the shopper
// catalogue (decision 214): the product page imports it for the offer; the form's chunk and the server the rest.
// Interpolate with fill().

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
    done: 'Faleminderit! Do t’ju shkruajmë në {email} sapo të kthehet.',
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
    unsubscribeTitle: 'Çregjistrimi nga njoftimet e stokut',
    unsubscribeIntro: 'Nuk do të merrni më e-mail kur kthehen në stok produktet që keni kërkuar me këtë adresë.',
    unsubscribeButton: 'Çregjistrohu',
    unsubscribed: 'U çregjistruat. Nuk do t’ju dërgojmë më njoftime për rikthim në stok.',
    badLink: 'Kjo lidhje nuk është e vlefshme. Hapeni lidhjen nga e-maili ashtu siç është.',
    backToShop: 'Kthehu te dyqani',
  },
} as const;
