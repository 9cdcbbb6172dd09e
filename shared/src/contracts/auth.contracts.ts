import { z } from 'zod/mini';
import { endpoint, Empty, Nothing } from './envelope';
import { UserInfo } from './user.contracts';

/** One password rule everywhere (SPEC §5's two texts disagree): 8 to 64 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Messages are i18n keys: the server translates them into the earner's language for `msg`, the
 * client translates the same keys for inline form errors.
 */
export const Phone = z.string({ error: 'validation.phoneRequired' }).check(
  z.trim(),
  z.minLength(1, { error: 'validation.phoneRequired' }),
  z.maxLength(32, { error: 'validation.phoneInvalid' }),
);
/** ISO 3166-1 alpha-2 country of the phone number; see `@grab/shared/phone` for the list. */
export const Country = z.string({ error: 'validation.countryRequired' }).check(
  z.regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' }),
);
export const Password = z.string({ error: 'validation.passwordRequired' }).check(
  z.minLength(1, { error: 'validation.passwordRequired' }),
  z.minLength(PASSWORD_MIN, { error: 'validation.passwordLength' }),
  z.maxLength(PASSWORD_MAX, { error: 'validation.passwordLength' }),
  // Spaces or invisible characters alone are no password, however many: the field would look empty.
  z.refine((v) => /[^\s\p{Cc}\p{Cf}]/u.test(v), { error: 'validation.passwordBlank' }),
);
export const InviteCode = z.string({ error: 'validation.inviteCodeRequired' }).check(
  z.trim(),
  z.minLength(1, { error: 'validation.inviteCodeRequired' }),
  z.maxLength(32, { error: 'errors.inviteCodeUnknown' }),
);

/**
 * The random id a browser keeps in local storage (the same one share visits send): sign-ups are
 * limited per device, and a sharer's own devices never count as visitors.
 */
export const DeviceId = z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)));

export const RegisterBody = z
  .object({
    country: Country,
    phone: Phone,
    password: Password,
    rePassword: z.string({ error: 'validation.rePasswordRequired' }).check(z.minLength(1, { error: 'validation.rePasswordRequired' })),
    inviteCode: InviteCode,
    deviceId: DeviceId,
  })
  .check(
    z.refine((v) => v.password === v.rePassword, { error: 'validation.passwordMismatch', path: ['rePassword'] }),
  );
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  country: Country,
  phone: Phone,
  password: z.string({ error: 'validation.passwordRequired' }).check(
    z.minLength(1, { error: 'validation.passwordRequired' }),
    z.maxLength(PASSWORD_MAX, { error: 'errors.badCredentials' }),
  ),
  deviceId: DeviceId,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Session = z.object({
  token: z.string(),
  userInfo: UserInfo,
});
export type Session = z.infer<typeof Session>;

export const ChangePasswordBody = z
  .object({
    oldPassword: z.string({ error: 'validation.oldPasswordRequired' }).check(
      z.minLength(1, { error: 'validation.oldPasswordRequired' }),
      z.maxLength(PASSWORD_MAX, { error: 'errors.oldPasswordWrong' }),
    ),
    password: Password,
    rePassword: z.string({ error: 'validation.rePasswordRequired' }).check(z.minLength(1, { error: 'validation.rePasswordRequired' })),
  })
  .check(
    z.refine((v) => v.password === v.rePassword, { error: 'validation.passwordMismatch', path: ['rePassword'] }),
  );
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const register = endpoint({ sends: true, api: 'main', method: 'POST', path: '/public/user/register', auth: false, input: RegisterBody, data: Session });
export const login = endpoint({ sends: true, api: 'main', method: 'POST', path: '/login', auth: false, input: LoginBody, data: Session });
/** Revokes the token that made the call. */
export const logout = endpoint({ api: 'main', method: 'POST', path: '/app/user/logout', auth: true, input: Empty, data: Nothing });
/** Revokes every token of the earner: they log in again with the new password. */
export const changePassword = endpoint({ sends: true, api: 'main', method: 'POST', path: '/app/user/password', auth: true, input: ChangePasswordBody, data: Nothing });

/**
 * Who an account is (DESIGN §4): an earner, or an operator with one role. Admins do everything,
 * reviewers decide proofs, payout operators approve withdrawals. Operators are made by a command,
 * never by sign-up.
 */
export const ROLES = ['earner', 'admin', 'reviewer', 'payout'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const OPERATOR_ROLES = ['admin', 'reviewer', 'payout'] as const satisfies readonly Role[];
