// The table's sounds, off unless the reader turns them on (remembered by this browser): dice
// thrown, a card laid, a checker set down, a counter's click, a counter falling in the cup.
// Each is made on the spot with the Web Audio API (noise and short tones), so there is no
// sound file to fetch.

const STORED = "ludotheque:sounds";
let context = null;

/** Whether the reader has turned the sounds on in this browser. */
export function soundsOn() {
  try { return localStorage.getItem(STORED) === "on"; } catch { return false; }
}

/** Turns the sounds on or off in this browser. */
export function setSounds(on) {
  try { localStorage.setItem(STORED, on ? "on" : "off"); } catch { /* storage refused */ }
}

// Each sound: a burst of noise (its length, its filter's pitch) then tones (pitch, length).
const SOUNDS = {
  dice: { noise: [0.09, 2400], taps: [[900, 0.03, 0.05], [700, 0.03, 0.14], [800, 0.02, 0.22]] },
  card: { noise: [0.07, 5000], taps: [] },
  checker: { noise: [0.02, 1200], taps: [[420, 0.06, 0]] },
  click: { noise: [0.01, 6000], taps: [[2200, 0.02, 0]] },
  cup: { noise: [0.03, 900], taps: [[330, 0.18, 0.02], [495, 0.12, 0.05]] },
};

/** Plays the sound by name, if the reader wants sounds. */
export function sound(name) {
  const recipe = SOUNDS[name];
  if (!recipe || !soundsOn() || !(window.AudioContext || window.webkitAudioContext)) return;
  context = context || new (window.AudioContext || window.webkitAudioContext)();
  const now = context.currentTime;
  const [length, pitch] = recipe.noise;
  const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const noise = context.createBufferSource();
  noise.buffer = buffer;
  const filter = context.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = pitch;
  const loud = context.createGain();
  loud.gain.value = 0.4;
  noise.connect(filter).connect(loud).connect(context.destination);
  noise.start(now);
  for (const [frequency, duration, delay] of recipe.taps) {
    const tone = context.createOscillator();
    tone.frequency.value = frequency;
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(0.25, now + delay);
    envelope.gain.exponentialRampToValueAtTime(0.001, now + delay + duration);
    tone.connect(envelope).connect(context.destination);
    tone.start(now + delay);
    tone.stop(now + delay + duration + 0.01);
  }
}
