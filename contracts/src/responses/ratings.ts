import { z } from '../zod.ts';
import { entity } from './common.ts';
import { ratingSummaryEntity } from './reviews.ts';

/** `ratings/{type}/{id}`: the item's average and count (maintained totals) and the caller's own score. */

export const ratingResponse = entity({
  summary: ratingSummaryEntity,
  my_score: z.number().int().nullable().meta({ description: "The caller's score, or null (a guest, or not rated)." }),
  message: z.string().optional(),
}).meta({ examples: [{ summary: { average: 7.8, count: 120 }, my_score: 8, message: 'Rating saved' }] });
