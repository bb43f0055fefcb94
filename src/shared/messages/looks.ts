// Complete the look as the shopper sees it (issue 37, decision 276): the product page's block, the looks page, the
// set discount in the cart and on orders. Own module of the shopper catalogue (decision 214): imported by the look
// chunk, the looks page, the cart and the server, never by the first load. Interpolate with fill().

import { pageHeadMessages } from './page-heads';

export const lookMessages = {
  heading: 'Plotëso stilin',
  pageTitle: pageHeadMessages.looks.title,
  pageIntro: 'Pjesë që shkojnë bashkë, të zgjedhura nga dyqani. Merrini të gjitha dhe kurseni.',
  pageDescription: pageHeadMessages.looks.description,
  none: 'Ende asnjë stil.',
  seeAll: 'Shiko të gjitha stilet',
  setDiscount: 'Merrini të gjitha: −{percent}%',
  chooseSize: 'Madhësia',
  choosePlaceholder: 'Zgjidhni',
  add: 'Shto',
  added: 'U shtua në shportë',
  addFailed: 'Nuk u shtua. Provoni përsëri.',
  sizeFirst: 'Zgjidhni madhësinë',
  soldOut: 'Shitur',
  sizeSoldOut: '{size}: shitur',
  notifyMe: 'Më njofto',
  pieceLabel: '{name}, {price}',
  piecesCount: { one: '{n} pjesë', other: '{n} pjesë' },
  viewPiece: 'Shiko produktin',
  /** The discount row in the cart, at checkout, on the confirmation, the slip and the e-mails. */
  discountRow: 'Zbritja e stilit',
  discountRowNamed: 'Zbritja e stilit „{name}“ (−{percent}%)',
  setsCount: { one: '{n} set i plotë', other: '{n} sete të plota' },
  afterDiscount: 'Pas zbritjes së stilit',
  discountHint: 'Zbritja e stilit aplikohet për çdo stil të plotë në shportë.',
} as const;
