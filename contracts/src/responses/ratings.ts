import { z } from 'zod';
import type { RatingSummary } from '../reviews.ts';
import { entity } from './common.ts';

/** `ratings/{type}/{id}`: the item's average and count (maintained totals) and the caller's own score. */
const ratingSummary = entity({ average: z.number().nullable(), count: z.number().int() }) satisfies z.ZodType<RatingSummary>;

export const ratingResponse = entity({
  summary: ratingSummary,
  my_score: z.number().int().nullable().meta({ description: "The caller's score, or null (a guest, or not rated)." }),
  message: z.string().optional(),
}).meta({ examples: [{ summary: { average: 7.8, count: 120 }, my_score: 8, message: 'Rating saved' }] });
