import { zodResolver } from '@hookform/resolvers/zod';
import { useLogin } from '@refinedev/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { Credentials } from '../api/auth-provider';

const SignIn = z.object({
  country: z.string().check(z.length(2)),
  phone: z.string().check(z.trim(), z.minLength(6, 'Enter the phone number')),
  password: z.string().check(z.minLength(1, 'Enter the password')),
});

/** The earner app's login, then the role check (auth provider). */
export function LoginScreen() {
  const { mutate, data, error, isPending } = useLogin<Credentials>();
  const refused = data && !data.success ? (data.error?.message ?? 'Sign-in failed') : error?.message;
  const { register, handleSubmit, formState } = useForm<Credentials>({ resolver: zodResolver(SignIn), defaultValues: { country: 'IN', phone: '', password: '' } });
  return (
    <main className="login">
      <h1>Grab operator console</h1>
      <form onSubmit={handleSubmit((values) => mutate(values))} noValidate>
        <label>
          Country
          <select {...register('country')}>
            <option value="IN">India</option>
            <option value="PK">Pakistan</option>
            <option value="BD">Bangladesh</option>
            <option value="BR">Brazil</option>
            <option value="PH">Philippines</option>
            <option value="NG">Nigeria</option>
          </select>
        </label>
        <label>
          Phone
          <input {...register('phone')} autoComplete="username" inputMode="tel" />
        </label>
        {formState.errors.phone && <p className="error">{formState.errors.phone.message}</p>}
        <label>
          Password
          <input {...register('password')} type="password" autoComplete="current-password" />
        </label>
        {formState.errors.password && <p className="error">{formState.errors.password.message}</p>}
        {refused && (
          <p className="error" role="alert">
            {refused}
          </p>
        )}
        <button type="submit" disabled={isPending}>
          Sign in
        </button>
      </form>
    </main>
  );
}
