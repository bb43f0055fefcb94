// Answer schemas of the two-step sign-in DTOs (second-factor.ts), each the interface's twin, for /api/openapi.json.
import { z } from 'zod';
import type {
  LoginChallengeDto,
  RecoveryCodesDto,
  SecondFactorSetupDto,
  SecondFactorStatusDto,
  StaffSecuritySettingsDto,
  UserSecondFactorDto,
} from './second-factor';
import { twin } from './twin';

export const LoginChallengeReply = twin<LoginChallengeDto>()(
  z.object({ secondFactorRequired: z.literal(true), challenge: z.string() }),
);
export const SecondFactorStatusReply = twin<SecondFactorStatusDto>()(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number(), mustSetUp: z.boolean(), required: z.boolean() }),
);
export const SecondFactorSetupReply = twin<SecondFactorSetupDto>()(
  z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
);
export const RecoveryCodesReply = twin<RecoveryCodesDto>()(z.object({ recoveryCodes: z.array(z.string()) }));
export const StaffSecuritySettingsReply = twin<StaffSecuritySettingsDto>()(
  z.object({ requireStaffSecondFactor: z.boolean() }),
);
export const UserSecondFactorReply = twin<UserSecondFactorDto>()(z.object({ enabled: z.boolean() }));
