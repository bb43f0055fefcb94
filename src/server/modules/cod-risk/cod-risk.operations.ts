// Refusal risk's operations (decision 272), each declared once (decision 211). tRPC router name: codRisk.
//   GET    /api/RefusalRule             { threshold, requirement }         staff (the stage bar reads it)
//   PUT    /api/RefusalRule             { threshold: 0..20, requirement? } administrators ('call' | 'deposit', 277)
//   GET    /api/BlockedPhones           [{ phone, note, blockedAt, … }]    staff
//   POST   /api/BlockedPhones           { phone, note? } -> 201            staff (audited)
//   DELETE /api/BlockedPhones?phone=…   { phone }                          staff (audited)
import { z } from 'zod';
import { BlockedPhoneReply, RefusalRuleReply } from '#shared/dto/cod-risk';
import { BlockPhoneInput, PhoneInput, RefusalRuleInput } from '#shared/schemas/cod-risk';
import { mutation, query } from '#server/operations/define';
import * as svc from './cod-risk.service';

export const codRiskOperations = {
  rule: query({
    access: 'staff',
    output: RefusalRuleReply,
    run: (caller) => svc.refusalRule(caller),
    rest: {
      method: 'GET',
      path: '/RefusalRule',
      summary: 'Refusals from which packing waits for a phone confirmation',
    },
  }),
  setRule: mutation({
    access: 'admin',
    input: RefusalRuleInput,
    output: RefusalRuleReply,
    run: (caller, input) => svc.setRefusalRule(caller, input),
    rest: {
      method: 'PUT',
      path: '/RefusalRule',
      summary: 'The refusal rule: from how many refusals, and a phone confirmation or also a deposit by transfer',
    },
  }),
  blockedPhones: query({
    access: 'staff',
    output: z.array(BlockedPhoneReply),
    run: (caller) => svc.listBlockedPhones(caller),
    rest: { method: 'GET', path: '/BlockedPhones' },
  }),
  block: mutation({
    access: 'staff',
    input: BlockPhoneInput,
    output: BlockedPhoneReply,
    run: (caller, input) => svc.blockPhone(caller, input, caller.actor),
    rest: { method: 'POST', path: '/BlockedPhones', status: 201, summary: 'Checkouts from the phone are held' },
  }),
  unblock: mutation({
    access: 'staff',
    input: PhoneInput,
    output: z.object({ phone: z.string() }),
    run: (caller, input) => svc.unblockPhone(caller, input),
    rest: { method: 'DELETE', path: '/BlockedPhones' },
  }),
};
