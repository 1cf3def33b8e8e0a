/**
 * A provider failure a person can act on: 501 when the configured provider cannot do the task at all
 * (image analysis offline), 502 when the model's answer is unusable, 503 when the model cannot be reached.
 */
export class AiProviderError extends Error {
  constructor(
    readonly statusCode: 501 | 502 | 503,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
