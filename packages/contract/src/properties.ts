import { z } from 'zod';
import { CancellationPolicy } from './cancellation.ts';
import { Id, Photos } from './common.ts';

export const Property = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  location: z.string(),
  photos: z.array(z.string()),
  room_count: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** This property's own cancellation terms; null: the site's (GET /cancellation-policy). */
  cancellation_policy: CancellationPolicy.nullable(),
});
export type Property = z.infer<typeof Property>;

export const PropertyInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  location: z.string().trim().min(1).max(200),
  room_count: z.number().int().min(1).max(1000),
  photos: Photos.default([]),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Null: the site's policy; left out: unchanged (the site's for a new property). */
  cancellation_policy: CancellationPolicy.nullable().optional(),
});
export type PropertyInput = z.input<typeof PropertyInput>;
