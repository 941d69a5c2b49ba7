/** The name of the pause/play button of what moves by itself (WCAG 2.2.2): "Pause slides", "Play slides". */
export const motionLabel = (stopped: boolean, what: string) => `${stopped ? 'Play' : 'Pause'} ${what}`;
