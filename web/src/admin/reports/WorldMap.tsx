import { useEffect, useMemo, useRef, useState } from 'react';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { CHART_PALETTE, type ReportPoint } from '@app/contracts/reports';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { BarList } from './charts/BarList';
import { formatNumber } from './format';

const W = 640;
const H = 330;

/** world-atlas names countries in English, sometimes abbreviated; these are the ones Intl does not spell the same. */
const ALIASES = new Map<string, string>([
  ['w. sahara', 'EH'], ['united states of america', 'US'], ['dem. rep. congo', 'CD'], ['dominican rep.', 'DO'], ['falkland is.', 'FK'],
  ['fr. s. antarctic lands', 'TF'], ["côte d'ivoire", 'CI'], ['central african rep.', 'CF'], ['congo', 'CG'], ['eq. guinea', 'GQ'], ['palestine', 'PS'],
  ['myanmar', 'MM'], ['turkey', 'TR'], ['solomon is.', 'SB'], ['bosnia and herz.', 'BA'], ['macedonia', 'MK'], ['trinidad and tobago', 'TT'], ['s. sudan', 'SS'],
]);

/** Withdrawn or reserved codes Intl still names (UK is GB, DD was East Germany...): never the code for a name. */
const NOT_CODES = new Set(['UK', 'DD', 'BU', 'FX', 'TP', 'YU', 'ZR', 'CS', 'SU', 'NT', 'AN', 'QO', 'EU', 'EZ', 'UN', 'ZZ']);

type Country = Feature<Geometry, { name: string }> & { code: string | null };

/** The map's countries with their ISO alpha-2 codes (the rollups' codes), worked out once. */
function countries(): Country[] {
  const names = new Map<string, string>();
  const dn = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a < 91; a++) {
    for (let b = 65; b < 91; b++) {
      const code = String.fromCharCode(a, b);
      try {
        const name = dn.of(code);
        if (name && name !== code && !NOT_CODES.has(code)) names.set(name.toLowerCase(), code);
      } catch { /* not a region code */ }
    }
  }
  const topo = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const fc = feature(topo, topo.objects.countries) as FeatureCollection<Geometry, { name: string }>;
  return fc.features.map((f) => {
    const key = f.properties.name.toLowerCase();
    return { ...f, code: ALIASES.get(key) ?? names.get(key) ?? null };
  });
}
let cached: Country[] | null = null;

/**
 * Countries shaded by count (offline map data from world-atlas, drawn with d3-geo). A country with data is a
 * button: clicking it (or Enter) zooms to it with a marker per city and a table of its regions (no region shapes
 * ship offline); Back returns. The list beside it is the same data as a table.
 */
export default function WorldMap({ data }: { data: ReportPoint[] }) {
  const all = useMemo(() => (cached ??= countries()), []);
  const [zoomed, setZoomed] = useState<string | null>(null);
  // Zooming unmounts what was clicked (the shape stops being a button, the list's row becomes a city) and Back
  // unmounts itself: focus moves to Back on the way in and to the country's shape or row on the way out, never to <body>.
  const rootRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<string | null>(null);
  const zoomTo = (code: string | null | undefined, from: 'map' | 'list') => {
    if (!code) return;
    returnTo.current = `[data-zoom="${from}:${CSS.escape(code)}"]`;
    setZoomed(code);
  };
  useEffect(() => {
    if (zoomed) backRef.current?.focus();
    else if (returnTo.current) rootRef.current?.querySelector<HTMLElement | SVGElement>(returnTo.current)?.focus();
  }, [zoomed]);
  const byCode = new Map(data.map((p) => [p.code ?? '', p]));
  const max = Math.max(1, ...data.map((p) => p.value));
  const focus = zoomed ? all.find((c) => c.code === zoomed) : undefined;
  const projection = geoEqualEarth();
  if (focus) projection.fitExtent([[20, 20], [W - 20, H - 20]], focus);
  else projection.fitExtent([[0, 0], [W, H]], { type: 'Sphere' });
  const path = geoPath(projection);
  const selected = zoomed ? byCode.get(zoomed) : undefined;
  const cities = (selected?.cities ?? []).flatMap((c) => {
    const [lat, lng] = (c.code ?? '').split(',').map(Number);
    const xy = Number.isFinite(lat) && Number.isFinite(lng) ? projection([lng, lat]) : null;
    return xy ? [{ ...c, xy }] : [];
  });

  return (
    // Escape anywhere in the zoomed map (Back, the city list) acts as Back, as it leaves any other nested view.
    <div ref={rootRef} className="grid gap-4 lg:grid-cols-[3fr_2fr]" data-testid="world-map"
      onKeyDown={(e) => { if (zoomed && e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); setZoomed(null); } }}>
      <div>
        {zoomed && (
          <div className="mb-2 flex items-center gap-2">
            <Button ref={backRef} size="sm" onClick={() => setZoomed(null)}>{trans('Back')}</Button>
            <span className="text-sm font-medium">{selected?.label}</span>
          </div>
        )}
        <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="group" aria-label={zoomed ? trans('Cities in :country', { country: selected?.label ?? '' }) : trans('Countries')}>
          {all.map((c, i) => {
            const point = c.code ? byCode.get(c.code) : undefined;
            const d = path(c) ?? '';
            if (!d) return null;
            const fill = point ? CHART_PALETTE[0] : 'currentColor';
            const opacity = point ? 0.25 + 0.75 * (point.value / max) : 0.12;
            const open = () => point && zoomTo(c.code, 'map');
            return (
              <path
                key={`${c.code ?? ''}${i}`} d={d} fill={fill} fillOpacity={zoomed && c.code !== zoomed ? opacity * 0.4 : opacity} stroke="var(--color-paper, #fff)" strokeWidth={0.5}
                {...(point && !zoomed ? {
                  tabIndex: 0, role: 'button', 'data-zoom': `map:${c.code}`, 'aria-label': `${point.label}: ${formatNumber(point.value)}`, className: 'cursor-pointer focus:outline-none focus-visible:stroke-primary focus-visible:stroke-2',
                  onClick: open, onKeyDown: (e: React.KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } },
                } : { 'aria-hidden': true })}
              >
                {point && <title>{`${point.label}: ${formatNumber(point.value)}`}</title>}
              </path>
            );
          })}
          {cities.map((c) => (
            <circle key={c.label} cx={c.xy[0]} cy={c.xy[1]} r={4 + 6 * (c.value / Math.max(1, ...cities.map((x) => x.value)))} fill={CHART_PALETTE[3]} fillOpacity={0.8} stroke="#fff" data-testid="city-marker">
              <title>{`${c.label}: ${formatNumber(c.value)}`}</title>
            </circle>
          ))}
        </svg>
      </div>
      <div className="self-start">
      <BarList
        data={zoomed ? selected?.cities ?? [] : data} caption={zoomed ? trans('Cities in :country', { country: selected?.label ?? '' }) : trans('Countries')}
        nameHeader={zoomed ? trans('City') : trans('Country')}
        link={zoomed ? undefined : (p) => <button type="button" className="text-start hover:underline" data-zoom={`list:${p.code ?? ''}`} onClick={() => zoomTo(p.code, 'list')}>{p.label}</button>}
      />
      {/* world-atlas has country shapes only, and no region shapes ship offline: a country's regions are a table. */}
      {zoomed && !!selected?.regions?.length && (
        <div className="mt-4" data-testid="map-regions">
          <BarList data={selected.regions} caption={trans('Regions in :country', { country: selected.label ?? '' })} nameHeader={trans('Region')} />
        </div>
      )}
      </div>
    </div>
  );
}
