// Store credit as the shopper sees it on her profile (decision 271): the balance and its history. Own module of the
// shopper catalogue (decision 214), imported only by the profile and the server. Interpolate with fill().

export const storeCreditMessages = {
  title: 'Kredia në dyqan',
  balance: 'Bilanci juaj',
  intro: 'Kredinë e merrni kur një kthim rimbursohet si kredi ose kur dyqani jua shton.',
  history: 'Lëvizjet e kredisë',
  empty: 'Ende nuk keni lëvizje kredie.',
  loadFailed: 'Kredia nuk u ngarkua.',
  date: 'Data',
  reason: 'Arsyeja',
  amount: 'Shuma',
  order: 'Porosia',
  orderLink: 'Porosia {number}',
  retry: 'Provo përsëri',
  previous: 'Më të rejat',
  next: 'Më të vjetrat',
  pageOf: 'Faqja {page} nga {pages}',
  reasons: {
    return_refund: 'Rimbursim i një kthimi',
    staff_adjustment: 'Ndryshim nga dyqani',
    order_spend: 'Përdorur në një porosi',
    order_release: 'Kthyer nga një porosi e anuluar',
  },
} as const;
