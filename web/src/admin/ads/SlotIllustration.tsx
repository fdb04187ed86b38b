import type { AdSlot } from '@app/contracts/settings';

/**
 * A wireframe of the public page a slot sits on, with the slot drawn in the accent colour.
 * Drawn here rather than shipped as screenshots so it follows the theme and stays tiny.
 */
const PAGE: Record<AdSlot, 'general' | 'title' | 'person' | 'watch' | 'search'> = {
  general_top: 'general', general_bottom: 'general', title_top: 'title', title_bottom: 'title', person_top: 'person', watch_top: 'watch', search_top: 'search',
};

export function SlotIllustration({ slot, className }: { slot: AdSlot; className?: string }) {
  const page = PAGE[slot];
  const bottom = slot.endsWith('_bottom');
  const muted = 'var(--color-border)';
  const ad = 'var(--color-primary)';
  const adY = bottom ? 148 : 30;
  // Content starts lower when the slot sits above it.
  const y0 = bottom ? 28 : 52;
  return (
    <svg viewBox="0 0 240 180" className={className} role="img" aria-hidden>
      <rect x="1" y="1" width="238" height="178" rx="6" fill="var(--color-bg-elevated)" stroke={muted} strokeWidth="2" />
      {/* header */}
      <rect x="1" y="1" width="238" height="20" rx="6" fill={muted} />
      <rect x="10" y="7" width="34" height="8" rx="2" fill="var(--color-text-muted)" />
      <circle cx="224" cy="11" r="5" fill="var(--color-text-muted)" />
      {page === 'general' && (
        <g fill={muted}>
          {[0, 1, 2, 3, 4].map((i) => <rect key={i} x={12 + i * 44} y={y0} width="38" height="56" rx="3" />)}
          {[0, 1, 2, 3, 4].map((i) => <rect key={`b${i}`} x={12 + i * 44} y={y0 + 62} width="38" height="6" rx="2" />)}
        </g>
      )}
      {page === 'title' && (
        <g fill={muted}>
          <rect x="12" y={y0} width="52" height="76" rx="3" />
          <rect x="74" y={y0 + 2} width="110" height="10" rx="2" />
          <rect x="74" y={y0 + 18} width="150" height="5" rx="2" />
          <rect x="74" y={y0 + 28} width="140" height="5" rx="2" />
          <rect x="74" y={y0 + 38} width="120" height="5" rx="2" />
          <rect x="74" y={y0 + 56} width="40" height="14" rx="7" />
        </g>
      )}
      {page === 'person' && (
        <g fill={muted}>
          <circle cx="40" cy={y0 + 26} r="26" />
          <rect x="80" y={y0 + 4} width="90" height="10" rx="2" />
          <rect x="80" y={y0 + 22} width="140" height="5" rx="2" />
          <rect x="80" y={y0 + 32} width="130" height="5" rx="2" />
          {[0, 1, 2, 3].map((i) => <rect key={i} x={80 + i * 36} y={y0 + 48} width="30" height="36" rx="3" />)}
        </g>
      )}
      {page === 'watch' && (
        <g fill={muted}>
          <rect x="12" y={y0} width="150" height="84" rx="3" fill="#1f2228" />
          <polygon points={`80,${y0 + 30} 80,${y0 + 54} 100,${y0 + 42}`} fill="#ffffff" />
          {[0, 1, 2, 3].map((i) => <rect key={i} x="170" y={y0 + i * 22} width="58" height="18" rx="2" />)}
        </g>
      )}
      {page === 'search' && (
        <g fill={muted}>
          <rect x="12" y={y0} width="216" height="12" rx="6" />
          {[0, 1, 2, 3].map((i) => (
            <g key={i}>
              <rect x="12" y={y0 + 20 + i * 18} width="12" height="14" rx="2" />
              <rect x="30" y={y0 + 23 + i * 18} width={120 - i * 12} height="7" rx="2" />
            </g>
          ))}
        </g>
      )}
      {/* the slot */}
      <rect x="12" y={adY} width="216" height="18" rx="3" fill={ad} fillOpacity="0.18" stroke={ad} strokeWidth="2" strokeDasharray="5 3" />
      <text x="120" y={adY + 13} textAnchor="middle" fontSize="10" fontWeight="700" fill={ad} fontFamily="system-ui, sans-serif">AD</text>
      {bottom ? null : <rect x="1" y="170" width="238" height="9" rx="4" fill={muted} />}
    </svg>
  );
}
