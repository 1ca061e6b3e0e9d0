import { z } from 'zod';
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
});
export type PropertyInput = z.input<typeof PropertyInput>;
