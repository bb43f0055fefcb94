// Reviews from real buyers (issue 26, decision 234): the product page's list, the review page and its form
// (shopper texts, Albanian). Own module of the shopper catalogue, imported only by the product page's reviews, the
// review page and the server, so the home page's first load does not carry it (decision 214). Interpolate with
// fill(); counts with plural().

import { pageHeadMessages } from './page-heads';

export const reviewMessages = {
  list: {
    heading: 'Vlerësimet e blerësve',
    average: '{average} nga 5',
    count: { one: '{n} vlerësim', other: '{n} vlerësime' },
    starsLabel: '{rating} nga 5 yje',
    none: 'Ky produkt nuk ka ende vlerësime. Vlerësimet vijnë vetëm nga blerës që e kanë marrë porosinë.',
    sortLabel: 'Rendit vlerësimet',
    newest: 'Më të rejat',
    highest: 'Më të lartat',
    previous: 'Më parë',
    next: 'Më tej',
    pageOf: 'Faqja {page} nga {pages}',
    verified: 'Blerje e verifikuar',
    shopReply: 'Përgjigjja e dyqanit',
    loadFailed: 'Vlerësimet nuk u ngarkuan.',
  },
  page: {
    title: pageHeadMessages.review.title,
    intro: 'Porosia {number}. Vlerësimi juaj shfaqet te produkti pasi ta shqyrtojë dyqani.',
    loading: 'Duke ngarkuar porosinë…',
    notDelivered: 'Mund ta vlerësoni këtë porosi pasi t’ju dorëzohet.',
    linkInvalid:
      'Lidhja e vlerësimit nuk është e vlefshme ose ka skaduar. Hyni në llogari ose shkruani nga e-maili i fundit.',
    notYours: 'Kjo porosi nuk është e juaja.',
    signIn: 'Hyni në llogari për të vlerësuar porositë tuaja.',
    loadFailed: 'Porosia nuk u ngarkua. Provoni përsëri.',
    reviewed: 'E keni vlerësuar këtë produkt. Faleminderit!',
    pending: 'Vlerësimi juaj pret shqyrtimin e dyqanit.',
    write: 'Vlerësoni',
    productGone: 'Ky produkt nuk shitet më.',
    openReviews: 'Vlerësoni produktet',
  },
  form: {
    rating: 'Vlerësimi',
    star: { one: '{n} yll', other: '{n} yje' },
    title: 'Titulli',
    body: 'Përshtypjet tuaja',
    bodyHint: 'Vetëm tekst, {min}–{max} shkronja.',
    submit: 'Dërgo vlerësimin',
    sending: 'Duke dërguar…',
    sent: 'Faleminderit! Vlerësimi juaj do të shfaqet pasi ta shqyrtojë dyqani.',
    failed: 'Vlerësimi nuk u dërgua. Provoni përsëri.',
    cancel: 'Anulo',
  },
  errors: {
    ratingRequired: 'Zgjidhni nga 1 deri në 5 yje.',
    titleRequired: 'Shkruani një titull.',
    titleLength: 'Titulli duhet të ketë {min}–{max} shkronja.',
    bodyRequired: 'Shkruani përshtypjet tuaja.',
    bodyLength: 'Teksti duhet të ketë {min}–{max} shkronja.',
    invalidLink: 'Lidhja e vlerësimit nuk është e vlefshme.',
    alreadyReviewed: 'E keni vlerësuar tashmë këtë produkt.',
    notDelivered: 'Vetëm një porosi e dorëzuar mund të vlerësohet.',
    notInOrder: 'Ky produkt nuk është në këtë porosi.',
    orderNotFound: 'Porosia nuk u gjet.',
    notYours: 'Kjo porosi nuk është e juaja.',
    needProof: 'Hyni në llogari ose përdorni lidhjen nga e-maili për të vlerësuar.',
  },
} as const;
