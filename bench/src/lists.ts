/**
 * User lists and the watchlist (issue 11): a list of 10,000 titles paged (page 1, a middle page and the last page,
 * 24 cards a page), and adding to a watchlist that already holds 9,000 titles. The catalogue is bare title rows
 * (BENCH_LIST_TITLES, 200,000 by default) in a fresh SQLite file; calls go through the real app in-process
 * (Fastify inject) with an API token, as a signed-in user.
 */
import { LIST_ITEMS_PER_PAGE, MAX_LIST_ITEMS } from '@app/contracts';
import { openBenchApp, type Report } from './inprocess.ts';

const WATCHLIST_PREFILL = 9_000;
const ADDS = 300;

export async function listsBench(report: Report, section: (t: string) => void): Promise<void> {
  const titles = Number(process.env.BENCH_LIST_TITLES ?? 200_000);
  section(`User lists: ${titles.toLocaleString('en')} titles, a list of ${MAX_LIST_ITEMS.toLocaleString('en')} items (SQLite, in-process, signed in)`);
  const bench = await openBenchApp('lists');
  try {
    const { raw, now, cpuNote } = bench;
    bench.insertTitles(titles);
    const { userId, token } = bench.signIn('lists@bench.local', 'users');
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) => bench.call(token, method, url, body);

    // A full list, filled through the real table (the API would take 10,000 calls), spread over the catalogue.
    const list = (await call('POST', '/api/v1/lists', { name: 'Bench list', public: true })).body.list;
    const step = Math.max(1, Math.floor(titles / MAX_LIST_ITEMS));
    const insertItem = raw.prepare("INSERT INTO channelables (channel_id, channelable_type, channelable_id, \"order\", created_at) VALUES (?, 'title', ?, ?, ?)");
    raw.transaction(() => { for (let i = 0; i < MAX_LIST_ITEMS; i++) insertItem.run(list.id, 1 + i * step, i, now); })();
    raw.prepare('UPDATE channels SET items_count = ? WHERE id = ?').run(MAX_LIST_ITEMS, list.id);

    // For scale on this machine: the cheapest signed-in call (who am I), measured the same way.
    const base = await bench.timeCalls(120, () => call('GET', '/api/v1/auth/me'));
    console.log(`  (for scale: GET auth/me median ${base.toFixed(2)} ms, ${cpuNote()}, on this machine now)`);

    const lastPage = Math.ceil(MAX_LIST_ITEMS / LIST_ITEMS_PER_PAGE);
    for (const page of [1, Math.ceil(lastPage / 2), lastPage]) {
      const m = await bench.timeCalls(120, async () => {
        const r = await call('GET', `/api/v1/lists/${list.id}?page=${page}&perPage=${LIST_ITEMS_PER_PAGE}`);
        if (!r.body.items.data.length) throw new Error(`page ${page} is empty`);
        return r;
      });
      report(`   list of ${MAX_LIST_ITEMS.toLocaleString('en')}: page ${page} of ${lastPage} (median; ${cpuNote()})`, `${m.toFixed(2)} ms`, '< 10 ms', m < 10);
    }

    // A watchlist already holding 9,000 titles, then 300 adds of titles not on it yet.
    await call('POST', '/api/v1/watchlist', { titleId: 1 });
    const watchlistId = Number((raw.prepare('SELECT id FROM channels WHERE user_id = ? AND internal = 1').get(userId) as { id: number }).id);
    raw.transaction(() => { for (let i = 1; i <= WATCHLIST_PREFILL; i++) insertItem.run(watchlistId, 1 + i * step, -i, now); })();
    raw.prepare('UPDATE channels SET items_count = ? WHERE id = ?').run(WATCHLIST_PREFILL + 1, watchlistId);
    const a = await bench.timeCalls(ADDS, async (i) => {
      const r = await call('POST', '/api/v1/watchlist', { titleId: 2 + i * step });
      if (!r.body.added) throw new Error('the add did not write');
      return r;
    });
    report(`   add to a watchlist of ${WATCHLIST_PREFILL.toLocaleString('en')} titles (median of ${ADDS - 20}; ${cpuNote()})`, `${a.toFixed(2)} ms`, '< 5 ms', a < 5);
    const ids = await call('GET', '/api/v1/watchlist/ids');
    console.log(`  (watchlist ids for the cards: ${ids.body.ids.length.toLocaleString('en')} ids in ${ids.took.toFixed(2)} ms)`);
  } finally {
    await bench.close();
  }
}
