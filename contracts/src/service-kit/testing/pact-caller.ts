import { type Caller, callerSchema } from '../../identity/caller';

/**
 * The provider state in which a consumer's pact names who is asking. The caller travels in the
 * `x-masar-caller` NATS header, but pact-js (16.5, FFI 0.5.4) cannot record metadata on a synchronous
 * message's request ("not a message interaction"), so the gateway's pacts say it as this state with
 * params `{id, role}`, and each provider's verification sends that caller in the header.
 */
export const CALLER_PROVIDER_STATE = 'the gateway names the caller';

/** `.given(...callerState(caller))` in a consumer test. */
export function callerState(caller: Caller): [string, { id: string; role: string }] {
  return [CALLER_PROVIDER_STATE, { id: caller.id, role: caller.role }];
}

/** The caller a message's provider states name, for the verifier to send; undefined when none does. */
export function callerNamedIn(providerStates: readonly { name: string; params?: unknown }[] | undefined): Caller | undefined {
  const state = providerStates?.find((providerState) => providerState.name === CALLER_PROVIDER_STATE);
  return state ? callerSchema.parse(state.params) : undefined;
}

/**
 * The body of a message that carries no arguments, for `.withContent('application/json', …)`:
 * pact-js refuses `withJSONContent({})` ("a valid JSON document or primitive").
 */
export const EMPTY_JSON_OBJECT = Buffer.from('{}');
