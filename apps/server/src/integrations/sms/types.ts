/** Sends one text message to a full international number (digits only, e.g. 966500000001). */
export interface SmsDriver {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}
