import { z } from './zod.ts';

/** Social login providers (Part B, authentication settings); each has a client.social.{provider}.enable switch. */
export const SOCIAL_PROVIDERS = ['envato', 'google', 'facebook', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** Display names for the buttons and the account settings panel. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  envato: 'Envato', google: 'Google', facebook: 'Facebook', twitter: 'X (Twitter)',
};

/** A provider account linked to a user, as the account settings page lists it. */
export interface SocialProfile {
  id: number;
  service_name: SocialProvider;
  username: string | null;
  created_at: string;
}

/** What the OAuth callback page posts to the window that opened the popup. */
export interface SocialLoginMessage {
  type: 'social-login';
  /** TWO_FACTOR: the account has 2FA on; the sign-in continues on the code step (/login/two-factor). */
  status: 'SUCCESS' | 'ERROR' | 'TWO_FACTOR';
  provider: SocialProvider;
  message?: string;
}

/** What the Gmail connect callback page (mail settings) posts to the window that opened the popup. */
export interface GmailConnectMessage {
  type: 'gmail-connect';
  status: 'SUCCESS' | 'ERROR';
  callbackData?: { profile: { email: string } };
  message?: string;
}
