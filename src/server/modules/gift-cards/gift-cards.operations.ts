// Gift cards (decision 274): administrators issue and list cards; anyone may check a code (rate-limited per address,
// 429 with Retry-After, so codes cannot be tried in bulk). The code travels in a POST body, never in a URL or a log.
//   GET  /api/GiftCards?page=&pageSize=   the cards with last four, balance, expiry and state
//   POST /api/GiftCards {amount, expiresOn?, recipientName, recipientEmail?, message?}   issue; the code once
//   POST /api/GiftCards/{giftCardId}/Adjust {action, amount, note}   staff adjustment; 409 below zero, 404 no card
//   POST /api/gift-cards/check {code}      what the code can still pay; 422 on `code` when it cannot
import {
  GiftCardCheckReply,
  GiftCardPageReply,
  GiftCardSummaryReply,
  IssuedGiftCardReply,
} from '#shared/dto/gift-cards';
import {
  AdjustGiftCardInput,
  CheckGiftCardInput,
  IssueGiftCardInput,
  ListGiftCardsInput,
} from '#shared/schemas/gift-cards';
import { bodyWithId } from '#server/operations/rest-shapes';
import { mutation, query } from '#server/operations/define';
import { adjustGiftCard, checkGiftCard, issueGiftCard, listGiftCards } from './gift-cards.service';

export const giftCardOperations = {
  list: query({
    access: 'admin',
    input: ListGiftCardsInput,
    output: GiftCardPageReply,
    run: (caller, input) => listGiftCards(caller, input),
    rest: { method: 'GET', path: '/GiftCards', summary: 'Gift cards with their balances' },
  }),
  issue: mutation({
    access: 'admin',
    input: IssueGiftCardInput,
    output: IssuedGiftCardReply,
    run: (caller, input) => issueGiftCard(caller, input, caller.actor),
    rest: {
      method: 'POST',
      path: '/GiftCards',
      status: () => 201,
      summary: 'Issue a gift card (its code is shown once)',
    },
  }),
  adjust: mutation({
    access: 'admin',
    input: AdjustGiftCardInput,
    output: GiftCardSummaryReply,
    run: (caller, input) => adjustGiftCard(caller, input, caller.actor),
    rest: {
      method: 'POST',
      path: '/GiftCards/:giftCardId/Adjust',
      input: bodyWithId('giftCardId', 'giftCardId'),
      summary: 'Add or remove a gift card’s value with a note (never below zero)',
    },
  }),
  check: mutation({
    access: 'public',
    input: CheckGiftCardInput,
    output: GiftCardCheckReply,
    limit: 'giftCard',
    run: (caller, input) => checkGiftCard(caller, input),
    rest: { method: 'POST', path: '/gift-cards/check', summary: 'What a gift card code can still pay' },
  }),
};
