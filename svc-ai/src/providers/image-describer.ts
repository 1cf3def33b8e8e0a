import { AiProvider, describeImageRequestSchema } from '@masar/contracts';
import { z } from 'zod';

/** A describe-image request once checked (title defaulted). */
export type ImageDescriptionRequest = z.output<typeof describeImageRequestSchema>;

/**
 * A model backend that describes a course image. Only a vision model can: the offline one
 * refuses with a 501 that says what to configure, it never invents a description.
 */
export interface ImageDescriber {
  readonly name: AiProvider;
  /** A 2–3 sentence course description suggested by the image. */
  describeImage(request: ImageDescriptionRequest): Promise<string>;
}

/** Every describer that can run (`ProvidersByName<ImageDescriber>`): each call uses its feature's. */
export const IMAGE_DESCRIBERS = Symbol('IMAGE_DESCRIBERS');
