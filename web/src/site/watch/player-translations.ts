import type { ComponentProps } from 'react';
import type { DefaultVideoLayout } from '@vidstack/react/player/layouts/default';
import { trans } from '../../lib/i18n';

type PlayerTranslations = NonNullable<ComponentProps<typeof DefaultVideoLayout>['translations']>;

/**
 * The player's own words (button labels, tooltips, its settings menu and what it announces to screen readers) in the
 * visitor's language: the player library writes them in English unless it is given these.
 */
export function playerTranslations(): PlayerTranslations {
  return {
    Announcements: trans('Announcements'), Accessibility: trans('Accessibility'), AirPlay: trans('AirPlay'), Audio: trans('Audio'),
    Auto: trans('Auto'), Boost: trans('Boost'), Captions: trans('Captions'), 'Caption Styles': trans('Caption styles'),
    'Captions look like this': trans('Captions look like this'), Chapters: trans('Chapters'),
    'Closed-Captions Off': trans('Captions off'), 'Closed-Captions On': trans('Captions on'), Connected: trans('Connected'),
    Continue: trans('Continue'), Connecting: trans('Connecting'), Default: trans('Default'), Disabled: trans('Disabled'),
    Disconnected: trans('Disconnected'), 'Display Background': trans('Display background'), Download: trans('Download'),
    'Enter Fullscreen': trans('Enter fullscreen'), 'Enter PiP': trans('Enter picture-in-picture'), 'Exit Fullscreen': trans('Exit fullscreen'),
    'Exit PiP': trans('Exit picture-in-picture'), Font: trans('Font'), Family: trans('Family'), Fullscreen: trans('Fullscreen'),
    'Google Cast': trans('Google Cast'), 'Keyboard Animations': trans('Keyboard animations'), LIVE: trans('LIVE'), Loop: trans('Loop'),
    Mute: trans('Mute'), Normal: trans('Normal'), Off: trans('Off'), Pause: trans('Pause'), Play: trans('Play'), Playback: trans('Playback'),
    PiP: trans('Picture-in-picture'), Quality: trans('Quality'), Replay: trans('Replay'), Reset: trans('Reset'),
    'Seek Backward': trans('Seek backward'), 'Seek Forward': trans('Seek forward'), Seek: trans('Seek'), Settings: trans('Settings'),
    'Skip To Live': trans('Skip to live'), Speed: trans('Speed'), Size: trans('Size'), Color: trans('Color'), Opacity: trans('Opacity'),
    Shadow: trans('Shadow'), Text: trans('Text'), 'Text Background': trans('Text background'), Track: trans('Track'), Unmute: trans('Unmute'),
    Volume: trans('Volume'),
  };
}
