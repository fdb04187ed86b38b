import { z } from 'zod';

const email = z.string().trim().toLowerCase().email().max(255);

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(255),
  remember: z.boolean().optional(),
});
export const registerSchema = z.object({
  email,
  password: z.string().min(8).max(255),
  password_confirmation: z.string().max(255),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' });
export const passwordEmailSchema = z.object({ email });
export const passwordResetSchema = z.object({
  token: z.string().min(10).max(200),
  email,
  password: z.string().min(8).max(255),
  password_confirmation: z.string().max(255),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' });
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200) });
export const resendVerificationSchema = z.object({ email });
export const accessTokenSchema = z.object({ tokenName: z.string().trim().min(1).max(100) });

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'session';
