// Breakpoints of spec §9, usable in CSS modules as $bp-sm … $bp-3xl.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'bp-sm': '320px',
        'bp-2sm': '380px',
        'bp-md': '768px',
        'bp-lg': '960px',
        'bp-xl': '1200px',
        'bp-2xl': '1600px',
        'bp-3xl': '1920px',
      },
    },
  },
};
