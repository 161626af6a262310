// Entry of the local Gatsby plugin "bodenhaus-site": it contributes site/src (templates, components, fragments) only.
