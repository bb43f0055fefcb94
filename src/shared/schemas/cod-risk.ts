// Zod inputs of the refusal-risk operations (decision 272): blocking a phone, the shop's rule, a buyer's history.
import { z } from 'zod';
import { staffMessages } from '../messages-staff';
import { normalisePhone, phoneField } from './person';

const m = staffMessages.codRisk;

export const MAX_REFUSAL_THRESHOLD = 20;

export const PhoneInput = z.object({ phone: phoneField(m.phoneRequired, m.phoneInvalid) });
export type PhoneInput = z.infer<typeof PhoneInput>;

export const BlockPhoneInput = PhoneInput.extend({
  note: z.string({ message: m.blockNoteTooLong }).trim().max(500, m.blockNoteTooLong).default(''),
});
export type BlockPhoneInput = z.infer<typeof BlockPhoneInput>;

/** What a risky order needs before packing (decision 277): a phone confirmation, or that and a deposit by transfer. */
export const REFUSAL_REQUIREMENTS = ['call', 'deposit'] as const;
export type RefusalRequirement = (typeof REFUSAL_REQUIREMENTS)[number];

export const RefusalRuleInput = z.object({
  threshold: z
    .number({ message: m.ruleInvalid })
    .int(m.ruleInvalid)
    .min(0, m.ruleInvalid)
    .max(MAX_REFUSAL_THRESHOLD, m.ruleInvalid),
  /** Left out: the requirement stays as it is. */
  requirement: z.enum(REFUSAL_REQUIREMENTS, { message: m.requirementInvalid }).optional(),
});
export type RefusalRuleInput = z.infer<typeof RefusalRuleInput>;

/** A phone, an e-mail or both: the buyer holding either. */
export const BuyerHistoryInput = z
  .object({
    phone: z
      .string()
      .trim()
      .max(40, m.phoneInvalid)
      .refine((v) => v === '' || normalisePhone(v) !== null, m.phoneInvalid)
      .optional(),
    email: z.string().trim().max(200).optional(),
  })
  .refine((v) => !!v.phone || !!v.email, { message: m.historyNeedsContact, path: ['phone'] });
export type BuyerHistoryInput = z.infer<typeof BuyerHistoryInput>;
