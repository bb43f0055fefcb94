// Static registry of migrations, in order. Add new files here; never edit a landed one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_initial_schema';
import * as m0010 from './0010_catalog_version';
import * as m0040 from './0040_order_request_fingerprint';
import * as m0060 from './0060_low_stock_index';
import * as m0120 from './0120_rate_limit_counters';
import * as m0140 from './0140_order_lifecycle';
import * as m0141 from './0141_promo_limits_free_shipping';
import * as m0150 from './0150_mail_outbox';
import * as m0151 from './0151_password_reset_tokens';
import * as m0220 from './0220_outbox_secret_links';
import * as m0230 from './0230_customer_addresses';
import * as m0240 from './0240_no_colour';
import * as m0250 from './0250_listing_filter_indexes';
import * as m0255 from './0255_product_list_indexes';
import * as m0270 from './0270_fixed_amount_promos';
import * as m0290 from './0290_login_sessions';
import * as m0320 from './0320_size_guides';
import * as m0280 from './0280_totp_second_factor';
import * as m0285 from './0285_passkeys';
import * as m0300 from './0300_order_stages';
import * as m0310 from './0310_stock_ledger';
import * as m0295 from './0295_audit_log';
import * as m0330 from './0330_back_in_stock';
import * as m0350 from './0350_return_requests';
import * as m0340 from './0340_product_reviews';
import * as m0360 from './0360_review_user_index';
import * as m0370 from './0370_refund_dates_index';
import * as m0380 from './0380_step_up_proof';
import * as m0400 from './0400_back_in_stock_confirmation';
import * as m0415 from './0415_outbox_body_retention';
import * as m0430 from './0430_staff_search_indexes';
import * as m0440 from './0440_order_rollups';
import * as m0450 from './0450_phones_in_one_form';
import * as m0460 from './0460_buyers';
import * as m0470 from './0470_contact_replies';
import * as m0480 from './0480_email_changes';
import * as m0490 from './0490_stock_moves';
import * as m0500 from './0500_product_import_jobs';
import * as m0510 from './0510_store_credit';
import * as m0520 from './0520_cod_refusal_risk';
import * as m0530 from './0530_order_store_credit';
import * as m0540 from './0540_gift_cards';
import * as m0550 from './0550_forgotten_carts';
import * as m0560 from './0560_looks';
import * as m0580 from './0580_gift_card_spend_index';
import * as m0570 from './0570_order_deposit';

export const migrations: Record<string, Migration> = {
  '0001_initial_schema': m0001,
  '0010_catalog_version': m0010,
  '0040_order_request_fingerprint': m0040,
  '0060_low_stock_index': m0060,
  '0120_rate_limit_counters': m0120,
  '0140_order_lifecycle': m0140,
  '0141_promo_limits_free_shipping': m0141,
  '0150_mail_outbox': m0150,
  '0151_password_reset_tokens': m0151,
  '0220_outbox_secret_links': m0220,
  '0230_customer_addresses': m0230,
  '0240_no_colour': m0240,
  '0250_listing_filter_indexes': m0250,
  '0255_product_list_indexes': m0255,
  '0270_fixed_amount_promos': m0270,
  '0290_login_sessions': m0290,
  '0320_size_guides': m0320,
  '0280_totp_second_factor': m0280,
  '0285_passkeys': m0285,
  '0300_order_stages': m0300,
  '0310_stock_ledger': m0310,
  '0295_audit_log': m0295,
  '0330_back_in_stock': m0330,
  '0350_return_requests': m0350,
  '0340_product_reviews': m0340,
  '0360_review_user_index': m0360,
  '0370_refund_dates_index': m0370,
  '0380_step_up_proof': m0380,
  '0400_back_in_stock_confirmation': m0400,
  '0415_outbox_body_retention': m0415,
  '0430_staff_search_indexes': m0430,
  '0440_order_rollups': m0440,
  '0450_phones_in_one_form': m0450,
  '0460_buyers': m0460,
  '0470_contact_replies': m0470,
  '0480_email_changes': m0480,
  '0490_stock_moves': m0490,
  '0500_product_import_jobs': m0500,
  '0510_store_credit': m0510,
  '0520_cod_refusal_risk': m0520,
  '0530_order_store_credit': m0530,
  '0540_gift_cards': m0540,
  '0550_forgotten_carts': m0550,
  '0560_looks': m0560,
  '0580_gift_card_spend_index': m0580,
  '0570_order_deposit': m0570,
};
