import { Leaf } from 'lucide-react';
import type { SocialProvider } from '@app/contracts/social';

// Brand marks (Simple Icons paths); Envato's leaf comes from lucide.
const PATHS: Partial<Record<SocialProvider, string>> = {
  google: 'M12.48 10.92v3.28h7.84c-.24 1.84-.853 3.187-1.787 4.133-1.147 1.147-2.933 2.4-6.053 2.4-4.827 0-8.6-3.893-8.6-8.72s3.773-8.72 8.6-8.72c2.6 0 4.507 1.027 5.907 2.347l2.307-2.307C18.747 1.44 16.133 0 12.48 0 5.867 0 .307 5.387.307 12s5.56 12 12.173 12c3.573 0 6.267-1.173 8.373-3.36 2.16-2.16 2.84-5.213 2.84-7.667 0-.76-.053-1.467-.173-2.053H12.48z',
  facebook: 'M24 12.073c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.99 4.388 10.954 10.125 11.854v-8.385H7.078v-3.47h3.047V9.43c0-3.007 1.792-4.669 4.533-4.669 1.312 0 2.686.235 2.686.235v2.953H15.83c-1.491 0-1.956.925-1.956 1.874v2.25h3.328l-.532 3.47h-2.796v8.385C19.612 23.027 24 18.062 24 12.073z',
  twitter: 'M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z',
};
const COLORS: Record<SocialProvider, string> = { google: '#4285F4', facebook: '#1877F2', twitter: 'currentColor', envato: '#82B541' };

export function SocialIcon({ provider, size = '1.125rem' }: { provider: SocialProvider; size?: number | string }) {
  const path = PATHS[provider];
  if (!path) return <Leaf size={size} color={COLORS[provider]} aria-hidden />;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={path} fill={COLORS[provider]} />
    </svg>
  );
}
