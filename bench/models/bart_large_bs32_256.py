# BART-large (its decoder as a causal LM), batch 32 x 256, from its published configuration (no
# weights: nothing is downloaded), in KernelBench level-4 style: `Model` wraps the model,
# `get_inputs()` gives token ids.
import torch
from transformers import AutoModelForCausalLM, BartConfig

BATCH, SEQUENCE = 32, 256
CONFIG = BartConfig(
    d_model=1024,
    encoder_layers=12,
    decoder_layers=12,
    encoder_attention_heads=16,
    decoder_attention_heads=16,
    encoder_ffn_dim=4096,
    decoder_ffn_dim=4096,
    vocab_size=50265,
)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(CONFIG)

    def forward(self, x):
        return self.model(x).logits


def get_inputs():
    return [torch.randint(0, CONFIG.vocab_size, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
